/** Mozilla's list of 50,000 common passwords (all lowercase, 8+ characters). CommonJS, untyped. */
declare module 'fxa-common-password-list' {
  const commonPasswords: { test(password: string): boolean };
  export default commonPasswords;
}
