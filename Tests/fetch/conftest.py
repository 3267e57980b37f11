"""Every fetch these tests run downloads photos from FakeAPI on 127.0.0.1,
which fetch refuses for an API's photo URLs unless this test-only switch is
set; a test of the refusal unsets it for its own run."""
import os

os.environ["CATGALLERY_TEST_ONLY_ALLOW_PRIVATE_DOWNLOADS"] = "1"
