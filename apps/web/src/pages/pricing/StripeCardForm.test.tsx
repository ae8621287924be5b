import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { StripeCardForm } from './StripeCardForm';

// Stripe.js comes from Stripe's host, which these machines (and some visitors' networks) cannot reach: the
// loader is replaced by one that fails the way a blocked script does.
vi.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: vi.fn(() => Promise.reject(new Error('Failed to load Stripe.js'))),
}));

describe('Stripe card form', () => {
  it('says the card form could not load and offers no pay button', async () => {
    const onPay = vi.fn();
    render(<StripeCardForm publishableKey="pk_test_123" busy={false} label="Pay $199" onPay={onPay} onConfirmed={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/The card form could not load from Stripe/);
    expect(screen.queryByRole('button')).toBeNull();
    expect(onPay).not.toHaveBeenCalled();
  });
});
