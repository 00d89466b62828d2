import { createContext, useContext, type ComponentType } from 'react';
import type { RemoteName } from '@shop/contracts';
import { loadRemoteComponent } from './remotes';

/** A component a remote exposes; the shell passes it plain props (`page`, slot props). */
export type RemoteComponent = ComponentType<Record<string, unknown>>;

/**
 * Where RemotePage and RemoteSlot get a remote's component: in the browser the Module
 * Federation runtime (remotes.ts); on the server the modules the renderer loaded for this one
 * request (shell/src/server/), so a remote redeployed in the middle of a request does not
 * change the page half-way, and a remote the server could not load renders in the browser.
 */
export type RemoteModuleSource = (remote: RemoteName, exposed: string) => Promise<RemoteComponent>;

const RemoteModulesContext = createContext<RemoteModuleSource>(loadRemoteComponent);

export const RemoteModulesProvider = RemoteModulesContext.Provider;
export const useRemoteModules = () => useContext(RemoteModulesContext);
