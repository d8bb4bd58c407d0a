import type { ChatActions } from '../../sdk/src/chat/ChatActions';
import type { FakeApiScenario } from './installFakeApi';

/** Story parameters under `parameters.parley`, read by the decorators in preview.tsx. */
export interface ParleyParameters {
  /**
   * Draw the story inside a shadow root with the widget stylesheet (default true). Whole-widget
   * stories set false: `<ChatWidget>` makes its own shadow root, exactly as on a customer site.
   */
  shadow?: boolean;
  /** Size of the frame that stands in for the widget panel (default 420 × 600 px). */
  frame?: { width?: number; height?: number | 'auto' };
  /** Widget colours for the frame (the widget's defaults unless a story sets them). */
  colors?: { primaryColor?: string; backgroundColor?: string; textColor?: string };
  /** Chat state that message renderers read: answers already given, disabled while typing, etc. */
  chat?: Partial<Pick<ChatActions, 'answers' | 'disabled' | 'formConfirmationMessage'>>;
  /** What the fake Parley API behind `fetch` answers (whole-widget stories). */
  api?: FakeApiScenario;
}

export function parleyParameters(parameters: Record<string, unknown> | undefined): ParleyParameters {
  const value = parameters?.parley;
  return value && typeof value === 'object' ? (value as ParleyParameters) : {};
}
