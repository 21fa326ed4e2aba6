import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, countRequests, LOGIN_PAGE_PATH, renderSession } from '../support/session';

const warning = () => screen.queryByRole('alertdialog', { name: 'Are you still there?' });

describe('idle warning', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens the session-extension modal after 840 s without activity', async () => {
    await renderSession();
    // A few seconds of slack: the fake clock also moves with real time on a loaded machine.
    await advance(830_000);
    expect(warning()).not.toBeInTheDocument();
    await advance(11_000);
    expect(warning()).toBeInTheDocument();
    expect(
      screen.getByText(/^You will be signed out in (60|59) seconds\.$/, {
        selector: '.session-countdown',
      }),
    ).toBeInTheDocument();
  });

  it('restarts the period on activity, and activity does not close the open modal', async () => {
    await renderSession();
    await advance(600_000);
    fireEvent.mouseMove(window);
    await advance(280_000);
    expect(warning()).not.toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'a' });
    await advance(830_000);
    expect(warning()).not.toBeInTheDocument();
    await advance(11_000);
    expect(warning()).toBeInTheDocument();
    fireEvent.mouseMove(window);
    fireEvent.scroll(window);
    await advance(1_000);
    expect(warning()).toBeInTheDocument();
  });

  it('counts popstate as activity', async () => {
    await renderSession();
    await advance(800_000);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
    await advance(50_000);
    expect(warning()).not.toBeInTheDocument();
    await advance(800_000);
    expect(warning()).toBeInTheDocument();
  });

  it('counts down 60 s, then signs the user out', async () => {
    const { router } = await renderSession();
    await advance(841_000);
    expect(warning()).toBeInTheDocument();
    await advance(30_000);
    expect(
      screen.getByText(/^You will be signed out in (30|29) seconds\.$/, {
        selector: '.session-countdown',
      }),
    ).toBeInTheDocument();
    await advance(27_500);
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(warning()).toBeInTheDocument();
    await advance(3_000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/logout'));
    expect(warning()).not.toBeInTheDocument();
  });

  it('"Stay signed in" refreshes the session, closes the modal and restarts the timer', async () => {
    const { router } = await renderSession();
    const loginPage = countRequests('get', LOGIN_PAGE_PATH);
    await advance(841_000);
    const before = loginPage.count;
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(warning()).not.toBeInTheDocument());
    expect(loginPage.count).toBe(before + 1);
    await advance(120_000);
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(warning()).not.toBeInTheDocument();
    await advance(721_000);
    expect(warning()).toBeInTheDocument();
  });

  it('"Sign out" goes to /auth/logout', async () => {
    const { router } = await renderSession();
    await advance(841_000);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/logout'));
  });
});

describe('keepalive', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fetches the login page path every 60 s while the user is active', async () => {
    const loginPage = countRequests('get', LOGIN_PAGE_PATH);
    await renderSession();
    fireEvent.mouseMove(window);
    await advance(59_000);
    expect(loginPage.count).toBe(0);
    await advance(1_500);
    await waitFor(() => expect(loginPage.count).toBe(1));
    fireEvent.keyDown(document.body, { key: 'a' });
    await advance(60_000);
    await waitFor(() => expect(loginPage.count).toBe(2));
  });

  it('stops refreshing an abandoned tab, so the server session can go idle', async () => {
    const loginPage = countRequests('get', LOGIN_PAGE_PATH);
    await renderSession();
    fireEvent.mouseMove(window);
    await advance(60_500);
    await waitFor(() => expect(loginPage.count).toBe(1));
    // Nothing happens in the tab for five minutes: no refresh at all.
    await advance(300_000);
    expect(loginPage.count).toBe(1);
  });
});
