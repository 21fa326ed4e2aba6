// The code input announces what happens to the code: both live regions exist before their first
// message (a region added together with its text is often not read), a wrong code goes to the
// alert region and is tied to the field, a notice (code sent again) to the status region.
import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CodeInput } from '../../../src/web/components/code-input';

const props = {
  prefix: '4821',
  value: '',
  onChange: () => undefined,
  label: 'Code',
  intro: 'We sent a code starting with 4821.',
  inputRef: createRef<HTMLInputElement>(),
};

describe('code input announcements', () => {
  it('has an empty alert and an empty status region before any message', async () => {
    render(<CodeInput {...props} />);
    expect(screen.getByRole('alert')).toHaveTextContent('');
    expect(screen.getByRole('status')).toHaveTextContent('');
    const input = screen.getByLabelText('Code');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('We sent a code starting with 4821.');
  });

  it('puts a wrong code in the alert region, tied to the field', async () => {
    const { rerender } = render(<CodeInput {...props} />);
    const alert = screen.getByRole('alert');
    rerender(<CodeInput {...props} error="That code is not right." />);
    // The same element, now with the message: announced, not replaced.
    expect(screen.getByRole('alert')).toBe(alert);
    expect(alert).toHaveTextContent('That code is not right.');
    const input = screen.getByLabelText('Code');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'We sent a code starting with 4821. That code is not right.',
    );
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('puts a notice in the status region', async () => {
    const { rerender } = render(<CodeInput {...props} />);
    const status = screen.getByRole('status');
    rerender(<CodeInput {...props} notice="We sent a new code." />);
    expect(screen.getByRole('status')).toBe(status);
    expect(status).toHaveTextContent('We sent a new code.');
    expect(screen.getByRole('alert')).toHaveTextContent('');
  });
});
