interface ImportMetaEnv {
  /** Base URL of the Parley server. */
  readonly VITE_PARLEY_URL?: string;
  /** Guid of the bot; empty uses the server's default public bot. */
  readonly VITE_PARLEY_BOT?: string;
}
