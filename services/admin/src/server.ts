import { startService } from '@shop/service-kit';
import { buildApp } from './app';
import { AdminEnv } from './config';

void startService(AdminEnv, buildApp);
