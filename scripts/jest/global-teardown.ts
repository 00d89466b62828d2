/** Stops the FerretDB that global-setup.ts started, if any. */
export default async function globalTeardown() {
  await (globalThis as { __LOCAL_MONGO__?: { stop(): Promise<void> } }).__LOCAL_MONGO__?.stop();
}
