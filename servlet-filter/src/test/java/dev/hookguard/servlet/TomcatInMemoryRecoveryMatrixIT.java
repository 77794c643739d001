package dev.hookguard.servlet;

/** The recovery tests in embedded Tomcat 11 on the in-memory store. */
class TomcatInMemoryRecoveryMatrixIT extends AbstractRecoveryMatrixIT {

    @Override
    protected ServletContainer.Factory containers() {
        return TomcatContainer::start;
    }

    @Override
    protected RecoveryStores stores() {
        return RecoveryStores.MEMORY;
    }
}
