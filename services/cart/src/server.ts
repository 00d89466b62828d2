import { startService } from '@shop/service-kit';
import { buildApp } from './app';
import { CartEnv } from './config';

void startService(CartEnv, buildApp);
