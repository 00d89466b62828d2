import { use } from 'react';
import { useLocation } from 'react-router-dom';
import type { RemoteName } from '@shop/contracts';
import { PAGES_EXPOSE } from '@shop/routes';
import { loadRemoteComponent } from './remotes';
import { RemoteBoundary } from './remote-boundary';

function LoadedRemote({ remote, exposed, props }: { remote: RemoteName; exposed: string; props: Record<string, unknown> }) {
  const Component = use(loadRemoteComponent(remote, exposed));
  return <Component {...props} />;
}

/** A page of a remote, mounted behind its boundary (retried on navigation). */
export function RemotePage({ remote, page }: { remote: RemoteName; page: string }) {
  const location = useLocation();
  return (
    <RemoteBoundary remote={remote} variant="page" resetKeys={[location.pathname]}>
      <LoadedRemote remote={remote} exposed={PAGES_EXPOSE} props={{ page }} />
    </RemoteBoundary>
  );
}

/** A widget a remote exposes into the shell's chrome (search box, account menu, cart button). */
export function RemoteSlot({ remote, exposed, props = {} }: { remote: RemoteName; exposed: string; props?: Record<string, unknown> }) {
  return (
    <RemoteBoundary remote={remote} variant="slot">
      <LoadedRemote remote={remote} exposed={exposed} props={props} />
    </RemoteBoundary>
  );
}
