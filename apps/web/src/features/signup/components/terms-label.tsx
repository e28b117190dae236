import { Anchor } from '@mantine/core';
import { PRIVACY_URL, TERMS_URL } from '../../../lib/product.ts';

export function TermsLabel() {
  return (
    <>
      I agree to the{' '}
      <Anchor inherit href={TERMS_URL} target="_blank" rel="noopener noreferrer">
        Terms of Service
      </Anchor>{' '}
      and{' '}
      <Anchor inherit href={PRIVACY_URL} target="_blank" rel="noopener noreferrer">
        Privacy Policy
      </Anchor>
    </>
  );
}
