// The top-level domains an address can end in, shared by the plain and the spelt-out readings.
const TLD = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59}|[^\p{Script=Latin}\p{N}-]{2,63})$/u;
// "icon@2x.png" and "logo@3x.webp" are asset names, not addresses.
const FILE_EXTENSION_TLD =
  /^(?:png|jpe?g|gif|svg|webp|avif|ico|bmp|tiff?|heic|js|mjs|cjs|jsx|tsx?)$/i;

/** True when `label` can be an address's top-level domain (alphabetic, `xn--` or non-Latin). */
export function isAddressTld(label: string): boolean {
  return TLD.test(label) && !FILE_EXTENSION_TLD.test(label);
}
