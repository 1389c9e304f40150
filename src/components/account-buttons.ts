// The account buttons' names, shared by the controls and the browser tests that press them.
export const ACCOUNT_BUTTONS = {
  save: 'Save my kitchens',
  signIn: 'Sign in',
  signOut: 'Sign out',
  dismiss: 'Dismiss',
} as const;
