import { startService } from '@shop/service-kit';
import { buildApp } from './app';
import { ContentEnv } from './config';

void startService(ContentEnv, buildApp);
