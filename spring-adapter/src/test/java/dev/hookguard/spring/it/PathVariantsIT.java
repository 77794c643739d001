package dev.hookguard.spring.it;

import org.springframework.boot.test.context.SpringBootTest;

/** The path variants with Spring MVC's default matching (case-sensitive, no trailing slash, no suffixes). */
@SpringBootTest(
        classes = VariantsApp.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "hookguard.store.type=memory",
            "hookguard.endpoints.standard.scheme=standard-webhooks",
            "hookguard.endpoints.standard.secrets=" + AbstractPathVariantsIT.SECRET,
            "spring.main.banner-mode=off"
        })
class PathVariantsIT extends AbstractPathVariantsIT {}
