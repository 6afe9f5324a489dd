/** Product version shown in the user menu (spec 9). */
export const PRODUCT_VERSION = '9.0.0';
