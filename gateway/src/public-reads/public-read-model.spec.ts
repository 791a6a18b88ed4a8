import { describe, expect, it } from '@jest/globals';
import { entityTagOf, PublicReadModel } from './public-read-model.js';

/** A fetch the test answers by hand, counting calls, on a clock it moves. */
function harness(maxAgeMs = 30_000) {
  let now = 1_000_000;
  const calls: { resolve: (answer: unknown) => void; reject: (error: Error) => void }[] = [];
  const model = new PublicReadModel(
    () =>
      new Promise((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
    { maxAgeMs, now: () => now },
  );
  const answer = async (index: number, value: unknown) => {
    calls[index]?.resolve(value);
    await Promise.resolve();
  };
  return { model, calls, answer, advance: (ms: number) => (now += ms) };
}

const text = async (model: PublicReadModel) => (await model.current()).body.toString('utf8');

describe('PublicReadModel', () => {
  it('fetches once for all the requests that arrive before the first answer, then answers from memory', async () => {
    const { model, calls, answer } = harness();
    const first = model.current();
    const second = model.current();
    expect(calls).toHaveLength(1);
    await answer(0, [{ id: 1 }]);
    expect((await first).body.toString()).toBe('[{"id":1}]');
    expect(await second).toBe(await first);
    expect(await text(model)).toBe('[{"id":1}]');
    expect(calls).toHaveLength(1);
  });

  it('tags the exact bytes: the same body the same tag, another body another', async () => {
    const { model, answer } = harness();
    const pending = model.current();
    await answer(0, { a: 1 });
    const snapshot = await pending;
    expect(snapshot.etag).toBe(entityTagOf(Buffer.from('{"a":1}')));
    expect(snapshot.etag).toMatch(/^"[\w-]+"$/);
    expect(entityTagOf(Buffer.from('{"a":2}'))).not.toBe(snapshot.etag);
  });

  it('after an event, answers nothing older than it: every later request waits for a fetch begun after it', async () => {
    const { model, calls, answer } = harness();
    const warm = model.current();
    await answer(0, ['old']);
    await warm;
    model.invalidate();
    const afterEvent = model.current();
    expect(calls).toHaveLength(2);
    await answer(1, ['new']);
    expect((await afterEvent).body.toString()).toBe('["new"]');
    expect(await text(model)).toBe('["new"]');
  });

  it('never keeps a fetch that began before the event, though the requests that joined it earlier get its answer', async () => {
    const { model, calls, answer } = harness();
    const beforeEvent = model.current();
    model.invalidate();
    const afterEvent = model.current();
    expect(calls).toHaveLength(2);
    await answer(0, ['before']);
    expect((await beforeEvent).body.toString()).toBe('["before"]');
    await answer(1, ['after']);
    expect((await afterEvent).body.toString()).toBe('["after"]');
    expect(await text(model)).toBe('["after"]');
    expect(calls).toHaveLength(2);
  });

  it('keeps answering an aged snapshot at once while one refresh runs, then the refreshed one', async () => {
    const { model, calls, answer, advance } = harness(30_000);
    const warm = model.current();
    await answer(0, ['v1']);
    await warm;
    advance(30_000);
    expect(await text(model)).toBe('["v1"]');
    expect(await text(model)).toBe('["v1"]');
    expect(calls).toHaveLength(2);
    await answer(1, ['v2']);
    await Promise.resolve();
    expect(await text(model)).toBe('["v2"]');
  });

  it('keeps an aged snapshot when its refresh fails, and tries again on the next request', async () => {
    const { model, calls, answer, advance } = harness(30_000);
    const warm = model.current();
    await answer(0, ['v1']);
    await warm;
    advance(31_000);
    expect(await text(model)).toBe('["v1"]');
    calls[1]?.reject(new Error('reviews did not answer'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(await text(model)).toBe('["v1"]');
    expect(calls).toHaveLength(3);
  });

  it('fails the requests waiting on a failed fetch when it has nothing to answer, and fetches again next time', async () => {
    const { model, calls } = harness();
    const waiting = model.current();
    calls[0]?.reject(new Error('tutoring did not answer'));
    await expect(waiting).rejects.toThrow('tutoring did not answer');
    const retry = model.current();
    expect(calls).toHaveLength(2);
    calls[1]?.resolve([]);
    expect((await retry).body.toString()).toBe('[]');
  });

  it('tells without waiting what it holds: nothing before the first answer or after an event, else the snapshot', async () => {
    const { model, calls, answer, advance } = harness(30_000);
    expect(model.held()).toBeUndefined();
    expect(calls).toHaveLength(0);
    const warm = model.warm();
    await answer(0, ['v1']);
    expect(model.held()).toBe(await warm);
    advance(30_000);
    expect(model.held()?.body.toString()).toBe('["v1"]');
    // Aged: held() started the refresh.
    expect(calls).toHaveLength(2);
    model.invalidate();
    expect(model.held()).toBeUndefined();
  });
});
