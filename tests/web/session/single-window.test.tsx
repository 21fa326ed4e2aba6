import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHANNEL_NAME,
  readOwner,
  WINDOW_ID_STORAGE_KEY,
  writeOwner,
} from '../../../src/web/features/session/window-ownership';
import { readCookie } from '../../../src/web/lib/cookies';
import { advance, renderSession } from '../support/session';

const MY_ID = 'window-here';
const modal = () =>
  screen.queryByRole('alertdialog', { name: 'The portal is open in another window' });

function otherWindowHeartbeat(ageMs: number) {
  const at = Date.now() - ageMs;
  writeOwner({ windowId: 'window-elsewhere', claimedAt: at - 60_000, heartbeatAt: at });
}

describe('single window', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the "url exists" modal when another window has a fresh heartbeat', async () => {
    sessionStorage.setItem(WINDOW_ID_STORAGE_KEY, MY_ID);
    otherWindowHeartbeat(2_000);
    await renderSession('/dashboard');
    expect(
      await screen.findByRole('alertdialog', { name: /open in another window/ }),
    ).toBeVisible();
    // Escape does not dismiss it.
    fireEvent(modal() as HTMLElement, new Event('cancel', { cancelable: true }));
    expect(modal()).toBeInTheDocument();
    // The other window stays the owner.
    expect(readOwner()?.windowId).toBe('window-elsewhere');
    expect(readCookie('currentWindowId')).toBe(MY_ID);
    expect(readCookie('currentUrl')).toBe('/dashboard');
  });

  it('takes the portal when the other heartbeat is stale', async () => {
    sessionStorage.setItem(WINDOW_ID_STORAGE_KEY, MY_ID);
    otherWindowHeartbeat(30_000);
    await renderSession('/dashboard');
    await waitFor(() => expect(readOwner()?.windowId).toBe(MY_ID));
    expect(modal()).not.toBeInTheDocument();
    expect(readCookie('url')).toBe('/dashboard');
  });

  it('"Use the portal here" takes ownership; "Close" tries to close and explains', async () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    sessionStorage.setItem(WINDOW_ID_STORAGE_KEY, MY_ID);
    otherWindowHeartbeat(1_000);
    await renderSession('/dashboard');
    await screen.findByRole('alertdialog', { name: /open in another window/ });

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(close).toHaveBeenCalled();
    expect(screen.getByText(/close it and return to the other window/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Use the portal here' }));
    await waitFor(() => expect(modal()).not.toBeInTheDocument());
    expect(readOwner()?.windowId).toBe(MY_ID);
  });

  it('gives way when another window takes the portal (cookie heartbeat)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionStorage.setItem(WINDOW_ID_STORAGE_KEY, MY_ID);
    await renderSession('/dashboard');
    await waitFor(() => expect(readOwner()?.windowId).toBe(MY_ID));
    await advance(5_000);
    expect(readOwner()?.windowId).toBe(MY_ID);
    expect(modal()).not.toBeInTheDocument();

    writeOwner({ windowId: 'window-elsewhere', claimedAt: Date.now(), heartbeatAt: Date.now() });
    await advance(4_000);
    expect(modal()).toBeInTheDocument();
    expect(readOwner()?.windowId).toBe('window-elsewhere');
  });

  it.runIf(typeof BroadcastChannel === 'function')(
    'gives way at once when another window announces its claim',
    async () => {
      sessionStorage.setItem(WINDOW_ID_STORAGE_KEY, MY_ID);
      await renderSession('/dashboard');
      await waitFor(() => expect(readOwner()?.windowId).toBe(MY_ID));
      const other = new BroadcastChannel(CHANNEL_NAME);
      other.postMessage({ type: 'claim', windowId: 'window-elsewhere', claimedAt: Date.now() + 1 });
      expect(
        await screen.findByRole('alertdialog', { name: /open in another window/ }),
      ).toBeInTheDocument();
      other.close();
    },
  );
});
