package dev.hookguard.servlet;

/** The recovery tests in embedded Tomcat 11 on the Redis store. */
class TomcatRedisRecoveryMatrixIT extends AbstractRecoveryMatrixIT {

    @Override
    protected ServletContainer.Factory containers() {
        return TomcatContainer::start;
    }

    @Override
    protected RecoveryStores stores() {
        return RecoveryStores.REDIS;
    }
}
