import { startService } from '@shop/service-kit';
import { buildApp } from './app';
import { GatewayEnv } from './config';

void startService(GatewayEnv, buildApp);
