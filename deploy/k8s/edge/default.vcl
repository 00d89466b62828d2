vcl 4.1;

# What deploy/varnish/shop.vcl (the cache's rules) expects from the file that includes it: the
# backend `gateway` and the acl `purgers`.

# The gateway's Service: one ClusterIP in front of every gateway replica. The name is resolved
# when this VCL is compiled, at varnishd's start, so the Service must exist before the edge.
backend gateway {
    .host = "gateway";
    .port = "8080";
    .probe = {
        .url = "/healthz";
        .interval = 2s;
        .timeout = 1s;
        .window = 5;
        .threshold = 3;
    }
}

# acl purgers { ... }: who may purge, from the environment's ConfigMap edge-purgers (the
# cluster's pod network, set by the overlay: deploy/k8s/overlays/production/edge-purgers.vcl).
include "purgers.vcl";

include "shop.vcl";
