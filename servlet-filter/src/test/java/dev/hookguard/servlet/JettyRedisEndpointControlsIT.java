package dev.hookguard.servlet;

/** The endpoint controls in embedded Jetty 12 (ee10) on the Redis store. */
class JettyRedisEndpointControlsIT extends AbstractEndpointControlsIT {

    @Override
    protected ServletContainer.Factory containers() {
        return JettyContainer::start;
    }

    @Override
    protected RecoveryStores stores() {
        return RecoveryStores.REDIS;
    }
}
