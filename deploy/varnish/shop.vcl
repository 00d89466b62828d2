# The shop's shared HTTP cache in front of the gateway (Varnish 7.1 with xkey from varnish-modules;
# docs/decisions/shared-cache.md). Included by a file that first says `vcl 4.1;` and defines
#   backend gateway { .host = …; .port = …; .probe = { .url = "/healthz"; … } }
#   acl purgers { … }   # who may purge: the services' and the gateway's networks
# (local: scripts/lib/edge.ts writes it; docker-compose.yml and deploy/k8s/edge have their own).
#
# What it does:
# - Anonymous pages are looked up by URL and one normalised context header the gateway renders
#   them from (x-shop-context, @shop/contracts PAGE_CONTEXT_HEADER), never by the whole Cookie
#   header: everyone with the same context shares one copy.
# - A response is kept only when the gateway marked it for a shared cache (`public` or
#   `s-maxage`), sets no cookie and is neither private nor no-store/no-cache; everything else is
#   passed (hit-for-miss for a few seconds).
# - Purges by tag: `PURGE /` with `xkey-softpurge: <tags>` (the stale page is handed out while it
#   is rendered again) or `xkey-purge: <tags>` (gone at once), from the purgers ACL only.
# - Browsers get pages with `Cache-Control: no-cache`, as straight from the gateway; the tags stay here.

import std;
import cookie;
import xkey;

include "./crawlers.vcl";

sub vcl_recv {
  if (req.method == "PURGE") {
    if (local.socket != "purge" || client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    if (req.http.xkey-purge) {
      set req.http.x-purged = xkey.purge(req.http.xkey-purge);
    } elsif (req.http.xkey-softpurge) {
      set req.http.x-purged = xkey.softpurge(req.http.xkey-softpurge);
    } else {
      return (synth(400, "xkey-softpurge or xkey-purge needed"));
    }
    return (synth(200, "Invalidated " + req.http.x-purged + " objects"));
  }
  # Set here alone: a client's own value never reaches the gateway or the cache key.
  unset req.http.x-shop-context;
  unset req.http.x-shop-canary;
  unset req.http.x-shop-crawler;
  if (local.socket == "purge") {
    return (synth(405, "Only PURGE here"));
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # A release's smoke check asks for a version not live yet (services/gateway/src/release-preview.ts).
  if (req.http.x-shop-preview) {
    return (pass);
  }
  # The API answers per visitor; its public reads are kept by browsers (their own Cache-Control).
  # A path with an escape (`/%61pi/cart` reaches the API too) is never a page's own address.
  if (req.url ~ "^/api(/|\?|$)" || req.url ~ "^[^?]*%" || req.http.Authorization) {
    return (pass);
  }
  # Built files (a name with an extension): immutable and kept by browsers for a year; passed, so
  # a browser that takes brotli gets the build's brotli copy (this Varnish fetches gzip only).
  if (req.url ~ "^[^?#]*/[^/?#]+\.[A-Za-z0-9]+(\?.*)?$") {
    return (pass);
  }
  cookie.parse(req.http.Cookie);
  # A one-page cookie (the answer to a form, the age denial, a banner closed for one page) makes
  # the page the visitor's own: rendered for them, never kept.
  if (cookie.isset("shop_flash") || cookie.isset("shop_age_denied") || cookie.isset("shop_cookie_banner_closed")) {
    return (pass);
  }
  # The entry as the gateway's entryOf decides it (services/gateway/src/plugins/entry-forms.ts):
  # crawlers pass the age gate (spec §4) and get no cookie banner.
  call shop_detect_crawler;
  if (req.http.x-shop-crawler || cookie.get("shop_age_verified") == "1") {
    set req.http.x-shop-context = "age=1";
    if (!req.http.x-shop-crawler && cookie.get("shop_cookie_consent") != "true" && cookie.get("shop_cookie_consent") != "rejected") {
      set req.http.x-shop-context = req.http.x-shop-context + ",banner=1";
    } else {
      set req.http.x-shop-context = req.http.x-shop-context + ",banner=0";
    }
  } else {
    set req.http.x-shop-context = "age=0,banner=0";
  }
  # Which header widgets load with the page: whether a session and a guest cart cookie came along.
  if (cookie.get("shop_session") ~ ".") {
    set req.http.x-shop-context = req.http.x-shop-context + ",session=1";
  } else {
    set req.http.x-shop-context = req.http.x-shop-context + ",session=0";
  }
  if (cookie.get("cart_session") ~ ".") {
    set req.http.x-shop-context = req.http.x-shop-context + ",cart=1";
  } else {
    set req.http.x-shop-context = req.http.x-shop-context + ",cart=0";
  }
  unset req.http.x-shop-crawler;
  # The canary bucket: pages vary by it only while a canary runs (the gateway's Vary says so).
  if (cookie.get("shop_canary") ~ "^[0-9]{1,2}$") {
    set req.http.x-shop-canary = cookie.get("shop_canary");
  }
  # A healthy gateway renders a page past its s-maxage again while the stale one is handed out
  # for at most this long (its stale-while-revalidate, services/gateway/src/edge/shared-page.ts);
  # a gateway that does not answer leaves the whole grace (stale-if-error) to the cache.
  if (std.healthy(req.backend_hint)) {
    set req.grace = 30s;
  }
  return (hash);
}

sub vcl_backend_response {
  if (bereq.uncacheable) {
    return (deliver);
  }
  if (beresp.http.Set-Cookie
      || beresp.http.Cache-Control ~ "(?i)(private|no-store|no-cache)"
      || beresp.http.Cache-Control !~ "(?i)(public|s-maxage)") {
    # Not for a shared cache: the next requests for it go to the gateway too (hit-for-miss).
    set beresp.uncacheable = true;
    set beresp.ttl = 10s;
    return (deliver);
  }
  if (beresp.http.Cache-Control ~ "(?i)stale-if-error=[0-9]+") {
    set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "(?i)^.*stale-if-error=([0-9]+).*$", "\1") + "s", 0s);
  }
  return (deliver);
}

# The gateway did not answer: a German page instead of Varnish's own (a stale copy, where there
# is one, was handed out before it came to this).
sub vcl_backend_error {
  set beresp.http.Cache-Control = "no-store";
  set beresp.http.Retry-After = "30";
  if (bereq.url ~ "^/api(/|\?|$)") {
    # As the gateway answers an API client when a service is away (@shop/contracts error codes).
    set beresp.http.Content-Type = "application/json; charset=utf-8";
    synthetic({"{"message":"Der Shop ist gerade nicht erreichbar. Bitte versuchen Sie es gleich erneut.","code":"UPSTREAM_UNAVAILABLE" }"});
    return (deliver);
  }
  set beresp.http.Content-Type = "text/html; charset=utf-8";
  synthetic({"<!doctype html><html lang="de"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Kurz nicht erreichbar</title><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem"><h1>Der Shop ist gerade nicht erreichbar</h1><p>Bitte versuchen Sie es in einer Minute erneut. Ihr Warenkorb bleibt erhalten.</p></body></html>"});
  return (deliver);
}

sub vcl_deliver {
  if (resp.http.xkey) {
    # A page: the browser asks again each time (as straight from the gateway); the tags are ours.
    unset resp.http.xkey;
    set resp.http.Cache-Control = "no-cache";
    set resp.http.Vary = "Cookie, Accept-Encoding";
  }
  # Named for the gateway's own reads, not for browsers.
  unset resp.http.shop-cache-tags;
  if (obj.uncacheable) {
    set resp.http.x-cache = "pass";
  } elsif (obj.hits > 0) {
    set resp.http.x-cache = "hit";
    # The id of the request that rendered it, not of this one (Varnish's own is X-Varnish).
    unset resp.http.x-request-id;
  } else {
    set resp.http.x-cache = "miss";
  }
}
