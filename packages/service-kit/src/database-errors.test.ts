import { MongoNetworkError, MongoServerError, MongoServerSelectionError, MongoInvalidArgumentError } from 'mongodb';
import mongoose from 'mongoose';
import { isDatabaseUnavailable } from './database';

/** Which errors mean 'the database is away' (503) and which are faults of the request or code. */
test.each([
  ['network error', new MongoNetworkError('connection 3 to 127.0.0.1:27017 closed'), true],
  [
    'server selection',
    new MongoServerSelectionError('connect ECONNREFUSED 127.0.0.1:27017', { type: 'Unknown', servers: new Map() } as never),
    true,
  ],
  ['server shutting down', new MongoServerError({ message: 'interrupted at shutdown', code: 11600 }), true],
  // Not exported by the driver: an operation in flight when the server went away (the name is what counts).
  [
    'pool cleared by a network error',
    Object.defineProperty(new Error('Connection pool for 127.0.0.1:27017 was cleared because another operation failed'), 'name', {
      value: 'PoolClearedOnNetworkError',
    }),
    true,
  ],
  // Passed on unwrapped by the driver: a command written to a connection the server had just closed.
  [
    "a write on the driver's closed socket",
    Object.assign(new Error('This socket has been ended by the other party'), {
      code: 'EPIPE',
      stack:
        'Error: This socket has been ended by the other party\n    at Socket.writeAfterFIN [as write] (node:net:566:14)\n    at Connection.writeCommand (/app/node_modules/mongodb/lib/cmap/connection.js:408:29)',
    }),
    true,
  ],
  ['the same socket error from elsewhere', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }), false],
  ['mongoose buffer timeout', new mongoose.Error('Operation `things.countDocuments()` buffering timed out after 4000ms'), true],
  ['duplicate key', new MongoServerError({ message: 'E11000 duplicate key', code: 11000 }), false],
  ['bad driver call', new MongoInvalidArgumentError('bad option'), false],
  ['cast error', new mongoose.Error.CastError('ObjectId', 'x', '_id'), false],
  ['plain error', new Error('boom'), false],
])('%s → %p', (_label, error, unavailable) => {
  expect(isDatabaseUnavailable(error)).toBe(unavailable);
});
