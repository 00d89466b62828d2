import { startService } from '@shop/service-kit';
import { buildApp } from './app';
import { AccountEnv } from './config';

void startService(AccountEnv, buildApp);
