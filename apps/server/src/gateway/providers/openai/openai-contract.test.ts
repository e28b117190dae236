import { describeEmbeddingsContract } from '../testing/embeddings-contract.ts';
import { describeProviderContract } from '../testing/provider-contract.ts';

describeProviderContract('openai');
describeEmbeddingsContract('openai');
