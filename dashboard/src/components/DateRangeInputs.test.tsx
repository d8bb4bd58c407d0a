import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateRangeInputs } from './DateRangeInputs';

const from = () => screen.getByLabelText('From') as HTMLInputElement;
const to = () => screen.getByLabelText('To') as HTMLInputElement;

describe('DateRangeInputs', () => {
  afterEach(cleanup);

  it('ordered: each picker stops at the other day, and an end moved past the other moves it along', () => {
    const onChange = vi.fn();
    render(<DateRangeInputs ordered from="2024-03-05" to="2024-03-10" onChange={onChange} />);
    expect([from().max, to().min]).toEqual(['2024-03-10', '2024-03-05']);
    fireEvent.change(from(), { target: { value: '2024-03-12' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: '2024-03-12', to: '2024-03-12' });
    fireEvent.change(to(), { target: { value: '2024-03-01' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: '2024-03-01', to: '2024-03-01' });
    fireEvent.change(to(), { target: { value: '2024-03-07' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: '2024-03-05', to: '2024-03-07' });
  });

  it('unordered: passes the pair on as typed, stops both at max and marks both invalid with the reason', () => {
    const onChange = vi.fn();
    render(
      <>
        <DateRangeInputs from="2024-03-05" to="2024-03-10" max="2024-03-20" invalid describedBy="why" onChange={onChange} />
        <p id="why">From must be before To</p>
      </>,
    );
    expect([from().max, to().max, to().min]).toEqual(['2024-03-20', '2024-03-20', '']);
    fireEvent.change(from(), { target: { value: '2024-03-12' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: '2024-03-12', to: '2024-03-10' });
    for (const input of [from(), to()]) {
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toBe('why');
    }
  });
});
