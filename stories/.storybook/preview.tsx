import type { Preview } from '@storybook/react-vite';
import { installFakeApi } from '../support/installFakeApi';
import { parleyParameters } from '../support/parleyParameters';
import { withWidgetFrame } from '../support/withWidgetFrame';

/**
 * Every story renders inside the widget's shadow root and stylesheet with harmless chat actions
 * (withWidgetFrame). Stories that declare `parameters.parley.api` get a fake Parley API behind
 * `fetch` for as long as they are shown, so nothing reaches a network.
 */
const preview: Preview = {
  decorators: [withWidgetFrame],
  beforeEach: ({ parameters }) => {
    const { api } = parleyParameters(parameters);
    return api ? installFakeApi(api) : undefined;
  },
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    options: {
      storySort: { order: ['Messages', 'Home', 'Widget'] },
    },
  },
};

export default preview;
