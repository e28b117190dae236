import { describeProviderContract } from '../testing/provider-contract.ts';

describeProviderContract('groq');
