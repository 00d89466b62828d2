import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { RemoteName, type RemotesManifest } from '@shop/contracts';
import { RELEASE_VERSION_PATTERN } from '@shop/contracts/admin';
import { hasInternalToken } from '@shop/service-kit';
import { releaseEntry, type RemoteStore } from './remote-store';

/**
 * The header that asks for a page rendered with a published release that is not live yet:
 * `<slice>@<version>`. The release command's checks before a promote send it, with the internal
 * secret, to render the candidate's routes on the server and load them in Chromium through a
 * real gateway (docs/releases.md 'Checks before a promote'); visitors never get a preview.
 */
export const PREVIEW_HEADER = 'x-shop-preview';

/**
 * The header of a preview's answer naming the remotes that rendered in the browser instead of on
 * the server, with why (JSON: [{remote, reason}]); `[]` when every part rendered on the server.
 */
export const CLIENT_RENDERED_HEADER = 'x-shop-client-rendered';

export type ReleasePreview =
  | { kind: 'none' }
  | { kind: 'refused'; status: 400 | 401 | 404; message: string }
  | { kind: 'preview'; slice: RemoteName; version: string; manifest: RemotesManifest };

/**
 * The preview a page request asks for: none without the header; refused without the internal
 * secret, for a malformed value or a version not in the remote store; else `manifest` with the
 * slice's entry replaced by the release's.
 */
export function releasePreview(request: FastifyRequest, store: RemoteStore, secret: string, manifest: RemotesManifest): ReleasePreview {
  const asked = request.headers[PREVIEW_HEADER];
  if (asked === undefined) return { kind: 'none' };
  if (!hasInternalToken(request.headers, secret)) return { kind: 'refused', status: 401, message: 'a preview needs the internal token' };
  const [sliceText, version] = String(asked).split('@');
  const slice = RemoteName.safeParse(sliceText);
  if (!slice.success || !version || !RELEASE_VERSION_PATTERN.test(version))
    return { kind: 'refused', status: 400, message: `${PREVIEW_HEADER} is '<slice>@<12 hex digits>'` };
  if (!existsSync(path.join(store.releasesDir, slice.data, version, 'mf-manifest.json')))
    return { kind: 'refused', status: 404, message: `${slice.data} ${version} is not in the remote store` };
  const entry = releaseEntry(slice.data, version);
  return {
    kind: 'preview',
    slice: slice.data,
    version,
    manifest: { remotes: manifest.remotes.map((remote) => (remote.name === slice.data ? { name: remote.name, entry } : remote)) },
  };
}
