const TOKEN_KEY = 'station.token';

/**
 * The token a browser tab signed in with (session storage: this tab only). Here rather than in app/session.ts, so
 * that a screen that replaces it (Settings, moving the desk to another account) needs nothing of the shell.
 */
export const savedToken = (): string | null => sessionStorage.getItem(TOKEN_KEY);
export const saveToken = (token: string): void => sessionStorage.setItem(TOKEN_KEY, token);
export const dropToken = (): void => sessionStorage.removeItem(TOKEN_KEY);
