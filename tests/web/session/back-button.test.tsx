import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSession } from '../support/session';

const back = () => window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 0 } }));
const modal = () => screen.queryByRole('dialog', { name: 'Please use the portal navigation' });

describe('back button', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('pins the history on mount and after each navigation', async () => {
    const pushState = vi.spyOn(window.history, 'pushState');
    const { router } = await renderSession('/dashboard');
    await waitFor(() => expect(pushState).toHaveBeenCalled());
    const afterMount = pushState.mock.calls.length;
    await router.navigate('/settings');
    await waitFor(() => expect(pushState.mock.calls.length).toBe(afterMount + 1));
  });

  it('pins again and shows the back-button modal on popstate; OK closes it', async () => {
    await renderSession('/dashboard');
    const pushState = vi.spyOn(window.history, 'pushState');
    back();
    const message = await screen.findByText('Use the links in the portal to move between pages.');
    // The dialog opens (showModal) in an effect, after the render that put the text in it.
    await waitFor(() => expect(message).toBeVisible());
    expect(modal()).toBeInTheDocument();
    expect(pushState).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(modal()).not.toBeInTheDocument());
  });

  it('ignores in-page #fragment links', async () => {
    await renderSession('/dashboard');
    window.location.hash = '#main';
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(modal()).not.toBeInTheDocument();
    window.location.hash = '';
  });
});
