import { writeConnection } from '../../lib/background/api/credentials';
import { DEMO_API_KEY } from '../../lib/contract/demo';

/** Stores a connection as "Save and test" would, without the test: the key bound to `baseUrl`'s origin. */
export function connectTo(baseUrl: string, apiKey = DEMO_API_KEY): Promise<void> {
  return writeConnection(baseUrl, apiKey);
}
