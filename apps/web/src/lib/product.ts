/** Shown in the header, on the sign-in screens and in the guard's redirect message. */
export const PRODUCT_NAME = 'Tokenwise';

/** The product's public website: the signup screen links its legal pages there. */
export const TERMS_URL = 'https://tokenwise.dev/terms';
export const PRIVACY_URL = 'https://tokenwise.dev/privacy';
