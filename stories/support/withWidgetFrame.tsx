import type { Decorator } from '@storybook/react-vite';
import { parleyParameters } from './parleyParameters';
import { ShadowFrame } from './ShadowFrame';
import { StoryChatActions } from './StoryChatActions';

/**
 * Draws a story inside a shadow root with the widget stylesheet and harmless chat actions.
 * Whole-widget stories opt out (`parameters.parley.shadow = false`): they render the real
 * `<ChatWidget>`, which brings its own shadow root and chat.
 */
export const withWidgetFrame: Decorator = (Story, context) => {
  const parley = parleyParameters(context.parameters);
  if (parley.shadow === false) return <Story />;
  return (
    <ShadowFrame frame={parley.frame} colors={parley.colors}>
      {/* keyed by story, so answers given in one story never leak into the next */}
      <StoryChatActions key={context.id} chat={parley.chat}>
        <Story />
      </StoryChatActions>
    </ShadowFrame>
  );
};
