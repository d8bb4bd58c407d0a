import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs, tabPanelProps } from './Tabs';

const TABS = [
  ['one', 'One'],
  ['two', 'Two'],
  ['three', 'Three'],
] as const;

function Harness({ allPanelsMounted }: { allPanelsMounted?: boolean }) {
  const [tab, setTab] = useState<(typeof TABS)[number][0]>('one');
  return (
    <>
      <Tabs id="t" label="Numbers" tabs={TABS} selected={tab} onSelect={setTab} allPanelsMounted={allPanelsMounted} />
      {TABS.map(([value, label]) => (
        <div key={value} {...tabPanelProps('t', value, tab)}>
          {label} panel
        </div>
      ))}
    </>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  afterEach(cleanup);

  it('keeps only the selected tab in the Tab order and ties each tab to its panel', () => {
    render(<Harness allPanelsMounted />);
    expect(screen.getByRole('tablist', { name: 'Numbers' })).toBeTruthy();
    expect(tab('One').getAttribute('aria-selected')).toBe('true');
    expect(tab('One').tabIndex).toBe(0);
    expect(tab('Two').tabIndex).toBe(-1);
    expect(tab('Three').getAttribute('aria-controls')).toBe('t-panel-three');
    expect(screen.getByRole('tabpanel', { name: 'One' }).textContent).toBe('One panel');
    expect(screen.queryByRole('tabpanel', { name: 'Two' })).toBeNull();
  });

  it('moves and selects with ArrowRight/ArrowLeft (wrapping), Home and End', () => {
    render(<Harness />);
    const expectOn = (name: string) => {
      expect(tab(name).getAttribute('aria-selected')).toBe('true');
      expect(document.activeElement).toBe(tab(name));
      expect(tab(name).tabIndex).toBe(0);
      expect(screen.getByRole('tabpanel', { name }).textContent).toBe(`${name} panel`);
    };
    tab('One').focus();
    fireEvent.keyDown(tab('One'), { key: 'ArrowRight' });
    expectOn('Two');
    fireEvent.keyDown(tab('Two'), { key: 'End' });
    expectOn('Three');
    fireEvent.keyDown(tab('Three'), { key: 'ArrowRight' });
    expectOn('One');
    fireEvent.keyDown(tab('One'), { key: 'ArrowLeft' });
    expectOn('Three');
    fireEvent.keyDown(tab('Three'), { key: 'Home' });
    expectOn('One');
    fireEvent.click(tab('Two'));
    expect(tab('Two').getAttribute('aria-selected')).toBe('true');
  });

  it('points only the selected tab at a panel when the others are not mounted', () => {
    render(<Harness />);
    expect(tab('One').getAttribute('aria-controls')).toBe('t-panel-one');
    expect(tab('Two').hasAttribute('aria-controls')).toBe(false);
  });
});
