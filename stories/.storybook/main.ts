import type { StorybookConfig } from '@storybook/react-vite';

/**
 * Storybook for the widget: stories live beside this folder (stories/**), the components come
 * straight from sdk/src. Run with `npm run storybook`; `storybook build` makes a static copy.
 */
const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../**/*.stories.@(ts|tsx)'],
  // Images shown by card, image and home stories are served locally: no story reaches the internet.
  staticDirs: ['../public'],
  core: {
    // The machines here have no internet; telemetry and update checks would only wait for timeouts.
    disableTelemetry: true,
    disableWhatsNewNotifications: true,
  },
  typescript: {
    // Components are documented by their stories, not by generated prop tables; skipping docgen
    // keeps the build fast on small machines.
    reactDocgen: false,
  },
};

export default config;
