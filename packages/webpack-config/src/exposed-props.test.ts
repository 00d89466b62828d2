import { interfaceFingerprints, UNKNOWN_FINGERPRINT } from './exposed-props';

const DECLARATIONS = `
/** The props of a remote's pages module. */
export interface RemotePagesProps<R extends RouteRemote> {
    page: PageId<R>;
}
export interface FooterNewsletterProps {
    defaultEmail: string;
    options: { autoFocus: boolean; hint: string };
    consent: boolean;
}
`;

const NAMES = ['RemotePagesProps', 'FooterNewsletterProps'];

describe('interfaceFingerprints', () => {
  const before = interfaceFingerprints(DECLARATIONS, NAMES);

  it('gives each declared interface its scheme and 12 hex digits, and UNKNOWN_FINGERPRINT to a name not declared', () => {
    expect(before.RemotePagesProps).toMatch(/^ts1:[0-9a-f]{12}$/);
    expect(before.FooterNewsletterProps).toMatch(/^ts1:[0-9a-f]{12}$/);
    expect(interfaceFingerprints(DECLARATIONS, ['Missing'])).toEqual({ Missing: UNKNOWN_FINGERPRINT });
  });

  it('ignores comments and layout', () => {
    const relaid = DECLARATIONS.replace("/** The props of a remote's pages module. */", '// reworded').replace(/\n {4}/g, '\n\t  ');
    expect(interfaceFingerprints(relaid, NAMES)).toEqual(before);
  });

  it('changes with a member inside or after a nested type, and only for that interface', () => {
    for (const [from, to] of [
      ['hint: string', 'hint: number'],
      ['consent: boolean', 'consent: string'],
    ]) {
      const changed = interfaceFingerprints(DECLARATIONS.replace(from!, to!), NAMES);
      expect(changed.FooterNewsletterProps).not.toBe(before.FooterNewsletterProps);
      expect(changed.RemotePagesProps).toBe(before.RemotePagesProps);
    }
  });

  it('changes with the type parameters', () => {
    const changed = interfaceFingerprints(DECLARATIONS.replace('<R extends RouteRemote>', '<R extends string>'), NAMES);
    expect(changed.RemotePagesProps).not.toBe(before.RemotePagesProps);
  });
});
