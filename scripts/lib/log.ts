/** Step-by-step progress lines of the start and test scripts. */
export function step(message: string): void {
  console.log(`\n▶ ${message}`);
}
export function info(message: string): void {
  console.log(`  ${message}`);
}
