/**
 * A change made with the release commands (docs/releases.md) names its author 'cli:<e-mail>'
 * (not a staff account): shown as '<e-mail> (Release-Befehl)'. Null for any other actor id.
 */
export function releaseActor(actorId: string): string | null {
  return actorId.startsWith('cli:') ? `${actorId.slice(4)} (Release-Befehl)` : null;
}
