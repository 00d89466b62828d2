import { startService } from '@shop/service-kit';
import { buildApp } from './app';
import { CatalogEnv } from './config';

void startService(CatalogEnv, buildApp);
