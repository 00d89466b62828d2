import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { PactV4, Verifier } from '@pact-foundation/pact';

/** Where the consumer-driven contracts between the services are kept (docs/releases.md 'Contracts between the services'). */
export const PACTS_DIR = path.resolve(__dirname, '..', '..', '..', 'contracts', 'pacts');

/**
 * The interactions of a contract a consumer's test just wrote into `writtenDir`, and those of the
 * committed copy in PACTS_DIR that the provider verifies. With UPDATE_PACTS=1 the committed copy
 * is renewed first. A consumer test expects both to be equal: a changed expectation fails until
 * the file is renewed and committed.
 */
export async function pactInteractions(writtenDir: string, fileName: string): Promise<{ written: unknown[]; committed: unknown[] }> {
  const written = JSON.parse(await readFile(path.join(writtenDir, fileName), 'utf8')) as { interactions: unknown[] };
  const committedFile = path.join(PACTS_DIR, fileName);
  if (process.env.UPDATE_PACTS === '1') await writeFile(committedFile, `${JSON.stringify(written, null, 2)}\n`);
  const committed = JSON.parse(await readFile(committedFile, 'utf8')) as { interactions: unknown[] };
  return { written: written.interactions, committed: committed.interactions };
}

/**
 * A consumer's side of a contract in a jest test file: a Pact V4 mock of `provider` whose
 * interactions are written into a temporary folder (created before the file's tests, removed
 * after), and `committedContractTest()`, called after the last interaction, the test that the
 * contract written equals `<consumer>-<provider>.json` in PACTS_DIR. `renew` names the jest
 * command that renews the file (with UPDATE_PACTS=1).
 */
export function consumerPact(consumer: string, provider: string): { readonly pact: PactV4; committedContractTest(renew: string): void } {
  const fileName = `${consumer}-${provider}.json`;
  let dir: string | null = null;
  let pact: PactV4 | null = null;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), `pact-${consumer}-${provider}-`));
    pact = new PactV4({ consumer, provider, dir, logLevel: 'warn' });
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return {
    get pact() {
      if (!pact) throw new Error('the Pact mock exists inside the tests only (created before them)');
      return pact;
    },
    committedContractTest(renew) {
      test(`the contract written is the one the ${provider} verifies (packages/contracts/pacts/${fileName}; renewed by UPDATE_PACTS=1 npx jest ${renew})`, async () => {
        const { written, committed } = await pactInteractions(dir!, fileName);
        expect(committed).toEqual(written);
      });
    },
  };
}

/** What a provider test does before each interaction, by the provider state it names. */
export type StateHandlers = NonNullable<NonNullable<ConstructorParameters<typeof Verifier>[0]>['stateHandlers']>;

/**
 * A provider's side in a jest test: Pact replays every interaction of the contracts of
 * `consumers` with `provider` (`<consumer>-<provider>.json` in PACTS_DIR) against the provider
 * running at `url`, each after the handler of the provider state it names (a handler may return
 * values the interaction takes from the state, Pact's fromProviderState).
 * @returns resolves when every interaction was answered as its consumer expects; rejects listing
 * each mismatch otherwise.
 */
export async function verifyProviderContracts(options: {
  provider: string;
  url: string;
  consumers: string[];
  stateHandlers: StateHandlers;
}): Promise<void> {
  await new Verifier({
    provider: options.provider,
    providerBaseUrl: options.url,
    pactUrls: options.consumers.map((consumer) => path.join(PACTS_DIR, `${consumer}-${options.provider}.json`)),
    logLevel: 'warn',
    // Pact's proxy forwards a POST without a body chunked, which Fastify refuses as a body of no
    // media type (415); the services' clients send it with no body at all (content-length 0).
    requestFilter: (request, _response, next) => {
      if (request.method === 'POST' && !request.headers['content-type']) request.headers['content-length'] = '0';
      next();
    },
    stateHandlers: options.stateHandlers,
  }).verifyProvider();
}
