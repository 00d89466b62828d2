import { use } from 'react';
import { useLocation } from 'react-router-dom';
import type { RemoteName } from '@shop/contracts';
import { PAGES_EXPOSE } from '@shop/routes';
import { useHydrated } from '@shop/ui';
import { PageLoading, RemoteBoundary, SlotPlaceholder } from './remote-boundary';
import { useRemoteModules } from './remote-modules';

function LoadedRemote({ remote, exposed, props }: { remote: RemoteName; exposed: string; props: Record<string, unknown> }) {
  const Component = use(useRemoteModules()(remote, exposed));
  return <Component {...props} />;
}

/**
 * A page of a remote, mounted behind its boundary (retried on navigation). A `personal` page
 * (the route table's `private` pages except those it marks `sessionRendered`: checkout, accounts,
 * staff) renders in the browser only:
 * its content is the visitor's own, and its forms must not be usable before the JavaScript
 * runs; the server and the hydrating browser render the loading state (issue #23).
 */
export function RemotePage({ remote, page, personal = false }: { remote: RemoteName; page: string; personal?: boolean }) {
  const location = useLocation();
  const hydrated = useHydrated();
  if (personal && !hydrated) return <PageLoading />;
  return (
    <RemoteBoundary remote={remote} variant="page" resetKeys={[location.pathname]}>
      <LoadedRemote remote={remote} exposed={PAGES_EXPOSE} props={{ page }} />
    </RemoteBoundary>
  );
}

/** The props of a slot that passes none: one object, so a slot's props compare equal across renders. */
const NO_PROPS: Record<string, unknown> = {};

interface RemoteSlotProps {
  remote: RemoteName;
  exposed: string;
  personal?: boolean;
  props?: Record<string, unknown>;
}

/**
 * A widget a remote exposes into the shell's chrome (search box, account menu, cart button,
 * the footer's newsletter sign-up). A `personal` widget (the visitor's session or cart) renders in
 * the browser only: the server and the hydrating browser both render its placeholder.
 * Any other widget renders without asking whether the page has hydrated, so hydration is not
 * followed by a second render of it: an update that reaches a server-rendered Suspense boundary
 * before its module is loaded makes React render that boundary anew, its fallback first.
 */
export function RemoteSlot({ remote, exposed, personal = false, props = NO_PROPS }: RemoteSlotProps) {
  return personal ? (
    <PersonalSlot remote={remote} exposed={exposed} props={props} />
  ) : (
    <SlotContent remote={remote} exposed={exposed} props={props} />
  );
}

function PersonalSlot(slot: Required<Omit<RemoteSlotProps, 'personal'>>) {
  const hydrated = useHydrated();
  if (!hydrated) return <SlotPlaceholder />;
  return <SlotContent {...slot} />;
}

function SlotContent({ remote, exposed, props }: Required<Omit<RemoteSlotProps, 'personal'>>) {
  return (
    <RemoteBoundary remote={remote} variant="slot">
      <LoadedRemote remote={remote} exposed={exposed} props={props} />
    </RemoteBoundary>
  );
}
