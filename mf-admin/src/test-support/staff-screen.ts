import { mockApi, recordToasts, type MockApi } from '@shop/test-dom';

/**
 * What a back-office screen test starts from: the API answered by `mockApi` (new for each test),
 * the toasts the screen shows, and `window.confirm` answering yes (a test makes it say no with
 * `jest.mocked(window.confirm).mockReturnValueOnce(false)`). Call it at the top of a test file.
 */
export function staffScreenTest(): { readonly api: MockApi; toasts: ReturnType<typeof recordToasts> } {
  const toasts = recordToasts();
  let api: MockApi | undefined;
  beforeEach(() => {
    api = mockApi();
    jest.spyOn(window, 'confirm').mockReturnValue(true);
  });
  afterEach(() => jest.restoreAllMocks());
  return {
    get api() {
      if (!api) throw new Error('staffScreenTest: the API is answered inside tests only');
      return api;
    },
    toasts,
  };
}
