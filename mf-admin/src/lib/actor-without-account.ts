/** The shop's jobs that change records on their own, by the actor id they write into the audit log. */
const JOBS: Record<string, string> = {
  'system:dhl-tracking': 'DHL-Sendungsverfolgung (automatisch)',
};

/**
 * An audit entry's author that is not a staff account: a change made with the release commands
 * (docs/releases.md) names 'cli:<e-mail>', shown as '<e-mail> (Release-Befehl)'; a job names
 * 'system:<job>', shown by the job's German name. Null for any other actor id.
 */
export function actorWithoutAccount(actorId: string): string | null {
  if (actorId.startsWith('cli:')) return `${actorId.slice(4)} (Release-Befehl)`;
  if (actorId.startsWith('system:')) return JOBS[actorId] ?? `Automatischer Ablauf (${actorId.slice(7)})`;
  return null;
}
