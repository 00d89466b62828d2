vcl 4.1;

# The shared cache of docker-compose.yml: what deploy/varnish/shop.vcl (mounted at
# /etc/varnish/shop) expects from the file that includes it, the backend `gateway` and the acl
# `purgers`. The name `gateway` is resolved when this VCL is compiled (varnishd's start).
backend gateway {
  .host = "gateway";
  .port = "8080";
  .first_byte_timeout = 30s;
  .probe = { .url = "/healthz"; .interval = 2s; .timeout = 1s; .window = 5; .threshold = 3; }
}

# Who may purge: the services and the gateway on the compose network (Docker's private ranges).
acl purgers {
  "127.0.0.1";
  "10.0.0.0"/8;
  "172.16.0.0"/12;
  "192.168.0.0"/16;
}

include "shop/shop.vcl";
