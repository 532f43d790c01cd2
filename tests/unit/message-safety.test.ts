import { describe, expect, it } from 'vitest';
import { asksToPayOffPlatform, textParts } from '../../src/domain/message-safety';

describe('a request to pay outside the product', () => {
  it.each([
    'Can you wire the deposit tonight?',
    'Send it by wire transfer to my account',
    'I only take Zelle or Venmo',
    'Pay with Apple gift cards and I hold the car',
    'Bitcoin is fine, here is my wallet address',
    'A cashier’s check works too',
    "A cashier's check works",
    'Send the money through Western Union',
    'Let us pay outside the app to save the fee',
    'Could I just send the deposit with Apple Pay or a direct bank transfer to your account',
    'Send the money to my account and I hold the car',
  ])('is flagged: %s', (text) => expect(asksToPayOffPlatform(text)).toBe(true));

  it.each([
    'When can I see the car?',
    'The wiring harness was replaced last year',
    'I will pay through Caramel once the title is checked',
    'Both keys and the manual are included',
    'The transfer case was rebuilt in 2021',
  ])('is not flagged: %s', (text) => expect(asksToPayOffPlatform(text)).toBe(false));
});

describe('links in a message', () => {
  it('are shown with the site they really go to, trailing punctuation left as text', () => {
    expect(textParts('See https://evil.example/caramel.com/pay. Thanks')).toEqual([
      { type: 'text', text: 'See ' },
      { type: 'link', href: 'https://evil.example/caramel.com/pay', host: 'evil.example' },
      { type: 'text', text: '. Thanks' },
    ]);
  });

  it('are only http and https: anything else stays text', () => {
    expect(textParts('javascript:alert(1) <b>hi</b>')).toEqual([{ type: 'text', text: 'javascript:alert(1) <b>hi</b>' }]);
  });
});
