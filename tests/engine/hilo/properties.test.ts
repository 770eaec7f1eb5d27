import { checkProperties } from '../support/properties.ts';
import { hiloAdapter } from './adapter.ts';

checkProperties(hiloAdapter);
