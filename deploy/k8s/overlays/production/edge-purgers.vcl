# Who may purge the edge's cache: the gateway's and the services' pods. Replace the range with
# the cluster's pod network (e.g. `kubectl cluster-info dump | grep -m1 cluster-cidr`); purges
# from elsewhere are refused with 403.
acl purgers {
    "10.0.0.0"/8;
}
