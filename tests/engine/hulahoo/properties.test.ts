import { checkProperties } from '../support/properties.ts';
import { hulahooAdapter } from './adapter.ts';

checkProperties(hulahooAdapter);
