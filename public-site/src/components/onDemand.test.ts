import { describe, expect, it, vi } from 'vitest';
import { intentTo, onDemand } from './onDemand';

const Form = () => null;

describe('onDemand', () => {
  it('loads the code once, however often it is asked for', async () => {
    const load = vi.fn(() => Promise.resolve(Form));
    const part = onDemand(load);
    await Promise.all([part.preload(), part.preload()]);
    await part.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a load that failed', async () => {
    const load = vi
      .fn<() => Promise<typeof Form>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(Form);
    const part = onDemand(load);
    await expect(part.preload()).rejects.toThrow('Failed to fetch');
    await expect(part.preload()).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('starts loading on pointer, touch and focus, and a failure there is not an unhandled rejection', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    const handlers = intentTo(onDemand(load));
    expect(Object.keys(handlers).sort()).toEqual(['onFocus', 'onPointerEnter', 'onTouchStart']);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      handlers.onPointerEnter();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(load).toHaveBeenCalledTimes(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
