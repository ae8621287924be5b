import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import sampleCards from 'virtual:sample-reports';
import { fakeApi } from '../../testing/fake-api';
import { renderApp } from '../../testing/render-app';

describe('landing page', () => {
  it('makes the four hero claims without the false one, and the AI card says it is on the roadmap', async () => {
    fakeApi({});
    renderApp('/');
    await screen.findByRole('heading', { name: 'Show investors your code is ready for Series A' });
    for (const claim of ['Scans Locally', 'Code Stays Private', 'Anonymized Findings', 'Email Delivery']) expect(screen.getByText(claim)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/never leaves your server/i);
    expect(screen.getByText(/A web scan runs in an isolated folder on our server and the code is deleted when the scan ends/)).toBeTruthy();
    const aiCard = screen.getByText('Multi-Model AI Validation').closest('div')!.parentElement!;
    expect(within(aiCard).getByText('Roadmap')).toBeTruthy();
    expect(within(aiCard).getByText(/deterministic scanners/)).toBeTruthy();
  });

  it('links the hero to the gallery, the Why section and pricing, and closes with Start Your Assessment', async () => {
    fakeApi({});
    renderApp('/');
    expect((await screen.findByRole('link', { name: 'View Sample Reports' })).getAttribute('href')).toBe('#sample-reports');
    expect(screen.getByRole('link', { name: 'Scroll to why DueScan' }).getAttribute('href')).toBe('#why');
    expect(screen.getByRole('link', { name: 'See Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('link', { name: 'Start Your Assessment' }).getAttribute('href')).toBe('/register');
    expect(screen.getByText('© 2025 DueScan. All rights reserved.')).toBeTruthy();
  });

  // The gallery is a build output of packages/report (npm run build); without it the page says so instead.
  it.runIf(sampleCards.length > 0)('shows a card per built sample report; Preview fills the dialog frame only on open', async () => {
    fakeApi({});
    renderApp('/');
    const buttons = await screen.findAllByRole('button', { name: 'Preview Report' });
    expect(buttons).toHaveLength(sampleCards.length);
    const first = sampleCards[0]!;
    const frame = document.querySelector<HTMLIFrameElement>(`#preview-${first.id} iframe`)!;
    expect(frame.getAttribute('src')).toBeNull();
    // jsdom has no showModal: the behaviour calls it after setting the frame's source.
    const dialog = document.getElementById(`preview-${first.id}`) as HTMLDialogElement;
    dialog.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    fireEvent.click(buttons[0]!);
    expect(frame.getAttribute('src')).toBe(`/reports/${first.filename}#view=FitH`);
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(screen.getByText('15 min walkthrough of a sample report available on request')).toBeTruthy();
  });
});
