/**
 * The schemas on demand: a read's answer parsed with the picked schema, a write sent only once the
 * schemas are loaded (a failed import fails it before anything reaches the server), and an answer
 * that breaks the contract refused.
 */
import * as contracts from './index';
import { schemasOnDemand } from './schemas-on-demand';

const loaded = () => Promise.resolve(contracts);
const failed = () => Promise.reject(new Error('ChunkLoadError: schemas'));
const validation = { code: 'TORNADO10', discount: 10, type: 'percentage' };

test('a read is parsed with the schema it picks; an answer that breaks the contract is refused', async () => {
  const { parsedAnswer } = schemasOnDemand(loaded);
  await expect(parsedAnswer(Promise.resolve(validation), (c) => c.PromoValidationResponse)).resolves.toEqual(
    contracts.PromoValidationResponse.parse(validation),
  );
  await expect(parsedAnswer(Promise.resolve({ ...validation, discount: '10' }), (c) => c.PromoValidationResponse)).rejects.toThrow();
});

test('a write is sent only once the schemas are loaded: a failed import sends nothing', async () => {
  const sent: string[] = [];
  const send = () => {
    sent.push('POST');
    return Promise.resolve(validation);
  };
  await expect(schemasOnDemand(failed).parsedWrite(send, (c) => c.PromoValidationResponse)).rejects.toThrow('ChunkLoadError');
  expect(sent).toEqual([]);
  await expect(schemasOnDemand(loaded).parsedWrite(send, (c) => c.PromoValidationResponse)).resolves.toEqual(validation);
  expect(sent).toEqual(['POST']);
});
