import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { RemotesManifest } from '@shop/contracts';
import { HEADER_WIDGETS, PAGES_EXPOSE } from '@shop/routes';
import { localEntry, type RemoteStore } from '../releases/remote-store';

/** What a page's first HTML asks the browser to fetch early. */
export interface Preload {
  href: string;
  as: 'script' | 'style';
}

/** The parts of @module-federation/enhanced's mf-manifest.json the preloads need. */
const FederationManifest = z.object({
  metaData: z.object({ remoteEntry: z.object({ name: z.string(), path: z.string() }) }),
  exposes: z.array(
    z.object({
      path: z.string(),
      assets: z.object({ js: z.object({ sync: z.array(z.string()) }), css: z.object({ sync: z.array(z.string()) }) }),
    }),
  ),
});
type FederationManifest = z.infer<typeof FederationManifest>;

/** The remote of the back office: its pages are shown in the staff frame (the shell's StaffHeader and StaffFooter). */
const STAFF_REMOTE = 'admin';
/** The one storefront header widget the staff frame keeps: the account menu (log out). */
const STAFF_FRAME_WIDGET = HEADER_WIDGETS.find(({ slot }) => slot === 'account')!;

/**
 * The modules a page really mounts: a back-office page is shown in the staff frame, which has
 * none of the storefront's header widgets but the account menu, and no footer sign-up, so only the
 * admin remote's modules and the account menu are preloaded (a preload the page never uses costs
 * the download and a browser warning).
 */
function mountedModules<T extends { remote: string; exposed: string }>(modules: ReadonlyArray<T>): ReadonlyArray<T> {
  const staffPage = modules.some(({ remote, exposed }) => remote === STAFF_REMOTE && exposed === PAGES_EXPOSE);
  if (!staffPage) return modules;
  return modules.filter(
    ({ remote, exposed }) => remote === STAFF_REMOTE || (remote === STAFF_FRAME_WIDGET.remote && exposed === STAFF_FRAME_WIDGET.exposed),
  );
}

/**
 * Preloads for the remote modules a page mounts (docs/performance.md 'Preloads'): without them
 * the browser finds each remote's manifest, entry and exposed chunk one after the other, only
 * once the shell runs. Only remotes served by this gateway (`/remotes/<slice>/…`, a release's
 * `/remotes/<slice>/<version>/…`) are read; each manifest is re-read when its file changes (a
 * remote's build in the tree redeployed on its own).
 */
export class RemotePreloads {
  private readonly cache = new Map<string, { mtimeMs: number; manifest: FederationManifest | null }>();

  constructor(
    private readonly store: RemoteStore,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  private async manifestOf(folder: string): Promise<FederationManifest | null> {
    const file = path.join(folder, 'mf-manifest.json');
    try {
      const { mtimeMs } = await stat(file);
      const cached = this.cache.get(file);
      if (cached?.mtimeMs === mtimeMs) return cached.manifest;
      const parsed = FederationManifest.safeParse(JSON.parse(await readFile(file, 'utf8')));
      if (!parsed.success) this.log.warn({ file }, 'remote manifest not understood; no preloads for it');
      const manifest = parsed.success ? parsed.data : null;
      this.cache.set(file, { mtimeMs, manifest });
      return manifest;
    } catch {
      return null; // not built here: the shell loads it without preloads
    }
  }

  /**
   * Preloads for `modules` (remote name and exposed path, e.g. catalog './pages') of the remotes
   * in `remotes` (the page's manifest), each file once:
   * the remote's entry script (the shell registers it, not the manifest) and the exposed
   * module's own JS and CSS chunks; on a back-office page only the admin remote's and
   * the account menu (all the staff frame mounts). `stylesOnly`: a module the page renders on the
   * server but loads later (the footer's newsletter sign-up): its CSS for the first paint, no
   * script.
   */
  async for(
    remotes: RemotesManifest,
    modules: ReadonlyArray<{ remote: string; exposed: string; stylesOnly?: boolean }>,
  ): Promise<Preload[]> {
    const preloads = new Map<string, Preload>();
    for (const { remote, exposed, stylesOnly = false } of mountedModules(modules)) {
      const entry = remotes.remotes.find((candidate) => candidate.name === remote)?.entry;
      const local = entry ? localEntry(this.store, entry) : null;
      if (!entry || !local) continue;
      const { base } = local;
      const manifest = await this.manifestOf(local.folder);
      if (!manifest) continue;
      const { remoteEntry } = manifest.metaData;
      const module = manifest.exposes.find((candidate) => candidate.path === exposed);
      const add = (file: string, as: Preload['as']) => preloads.set(base + file, { href: base + file, as });
      if (!stylesOnly) add(path.posix.join(remoteEntry.path, remoteEntry.name), 'script');
      for (const file of module?.assets.css.sync ?? []) add(file, 'style');
      if (!stylesOnly) for (const file of module?.assets.js.sync ?? []) add(file, 'script');
    }
    return [...preloads.values()];
  }
}
